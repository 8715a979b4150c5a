import { addRouting, createApplication } from 'switchyard-router/http';

const app = createApplication();
addRouting(app.services, {
  lowercaseUrls: true,          // generated paths are lower-cased
  lowercaseQueryStrings: false, // with lowercaseUrls: lower-case the query string too
  appendTrailingSlash: true,    // generated paths end with "/" (before the query)
  caseSensitive: false,         // true: literals compare with their case ("/Users" is not "/users")
  constraintMap: {              // extra inline constraint names: {id:even}
    even: () => ({ match: (_ctx, _route, key, values) => Number(values[key]) % 2 === 0 }),
  },
});

export {};
