// The table the app hands its router: the modules in the order it puts them together, under the tenant's prefix.
// First match wins across modules, so this table is the one to lint.
import { group } from 'switchyard-router';
import { users } from './users.mjs';
import { posts } from './posts.mjs';

export default group({ prefix: '{tenant}' }, [...users, ...posts]);
