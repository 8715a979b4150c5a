import { parseTemplate, formatTemplate } from 'switchyard-router';

const t = parseTemplate('files/{filename}.{ext?}');
t.segments[1].parts;
// [ { kind: 'parameter', name: 'filename', isOptional: false, isCatchAll: false, encodeSlashes: true,
//     defaultValue: null, constraints: [] },
//   { kind: 'separator', text: '.' },
//   { kind: 'parameter', name: 'ext', isOptional: true, ... } ]
formatTemplate(t); // 'files/{filename}.{ext?}'

export {};
