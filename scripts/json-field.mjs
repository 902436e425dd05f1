// `... | node scripts/json-field.mjs FIELD`: prints one field of the JSON on stdin.
let text = '';
process.stdin.on('data', (d) => (text += d));
process.stdin.on('end', () => console.log(JSON.parse(text)[process.argv[2]]));
