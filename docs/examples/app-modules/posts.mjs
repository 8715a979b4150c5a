// Another route module of the same app: its posts, and the signed-in user's page.
export const posts = [
  { name: 'post', template: 'posts/{slug}', methods: ['GET'] },
  { name: 'me', template: 'users/me', methods: ['GET'] },
];
