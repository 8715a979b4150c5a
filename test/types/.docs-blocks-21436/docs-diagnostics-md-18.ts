import { compile } from 'switchyard-router';

const router = compile([{ name: 'todo', template: 'api/todo/{id:int}', methods: ['GET'] }]);
const explained = router.explain('/api/todo/abc', 'GET');
explained.match;    // what router.match() returns for the same request
explained.routes;   // one entry per route, in collection order
explained.closest;  // with no winner: the route that got furthest

export {};
