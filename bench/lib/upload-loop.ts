// One member uploading a photo again and again for a while (a child process of the vision
// bench, so the load does not share the server's event loop): prints each latency in ms.
import { readFileSync } from 'node:fs';

const [url, token, file, seconds] = process.argv.slice(2) as [string, string, string, string];
const body = readFileSync(file);
const until = Date.now() + Number(seconds) * 1000;
const latencies: number[] = [];
let failures = 0;
while (Date.now() < until) {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body,
  });
  await res.arrayBuffer();
  if (res.ok) latencies.push(performance.now() - started);
  else failures++;
}
console.log(JSON.stringify({ latencies, failures }));
