export declare const GITHUB_JSON: string;
export declare const GITHUB_FIXTURE: string;
export declare function renderGithubFixture(json: string): string;
