import { compile } from 'switchyard-router';

compile([{ template: 'files/{*path}' }]).generate({ path: 'a/b.txt' })?.path;  // '/files/a%2Fb.txt'
compile([{ template: 'files/{**path}' }]).generate({ path: 'a/b.txt' })?.path; // '/files/a/b.txt'

export {};
