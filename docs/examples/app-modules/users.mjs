// One of an app's route modules (docs/diagnostics.md, "Routes in several modules"): its users.
export const users = [
  { name: 'user', template: 'users/{id:int}', methods: ['GET'] },
  { name: 'userByName', template: 'users/{name}', methods: ['GET'] },
];
