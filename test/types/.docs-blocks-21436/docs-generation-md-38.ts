import { compile } from 'switchyard-router';

const abc = compile([{ template: '{a}/{b}/{c?}' }]);
const ambientValues = { a: '1', b: '2', c: '3' };
abc.generate({ b: '9' }, { ambientValues })?.path; // '/1/9' — b changed, so c's ambient value is dropped
abc.generate({ a: '1' }, { ambientValues })?.path; // '/1/2/3' — a equals its ambient value: b and c still apply

const a = compile([{ template: 'a/{b?}/{c?}' }]);
a.generate({}, { ambientValues: { c: '17' } })?.path; // '/a' — b has no value, so c's ambient value cannot be used

export {};
