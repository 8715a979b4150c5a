import { compile, MinRouteConstraint } from 'switchyard-router';

compile([{
  template: '{controller}/{action}/{id?}',
  constraints: {
    action: 'list|get|create',   // not a known name: a regex that must match the WHOLE value (case-insensitive)
    id: 'int',                   // a known name: the int constraint
    controller: /^[a-z]+$/,      // a RegExp, used as given
    page: [new MinRouteConstraint(1n), 'max(99)'], // a list: all must pass
  },
}]);

export {};
