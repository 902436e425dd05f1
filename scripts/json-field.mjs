// `... | node scripts/json-field.mjs FIELD`: prints one field of the JSON on
// stdin; FIELD may be a dotted path (`data.0.id`: the first item's id).
let text = '';
process.stdin.on('data', (d) => (text += d));
process.stdin.on('end', () => {
  let value = JSON.parse(text);
  for (const name of process.argv[2].split('.')) value = value?.[name];
  console.log(value);
});
