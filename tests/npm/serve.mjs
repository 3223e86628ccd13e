// A static server for tests/npm.sh's page: serves DIR on 127.0.0.1 (a port
// the system picks, printed on the first line) with the types a browser
// wants for ES modules and WebAssembly; what the page POSTs to /result is
// written to DIR/result (the page's verdict, read by the test).
//   node serve.mjs DIR
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join, extname } from 'node:path';

const root = process.argv[2];
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.html': 'text/html' };
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  try {
    if (req.method === 'POST' && path === '/result') {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      await writeFile(join(root, 'result.part'), Buffer.concat(chunks));
      await import('node:fs/promises').then((fs) => fs.rename(join(root, 'result.part'), join(root, 'result')));
      res.writeHead(204);
      res.end();
      return;
    }
    const body = await readFile(join(root, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
