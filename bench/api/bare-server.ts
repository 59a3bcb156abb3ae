/**
 * The yardsticks of the API benchmark: the least a Node server can do to answer the deal list.
 *   node --import tsx bench/api/bare-server.ts <config.json>
 * mode "bytes": a bare node:http server answering every request with the captured body and
 * headers of our GET /api/deals (the same bytes on the wire, but for the date Node adds). mode "pg":
 * a bare node:http server that runs our list's query (the page with its figures, each deal written
 * as JSON by the database) as a named prepared statement through a pg pool and answers with the
 * page's deals joined into a JSON array.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** What the harness chooses; it adds the port. */
export type BareSettings =
  | { mode: 'bytes'; contentType: string; headers: Record<string, string>; bodyFile: string }
  | {
      mode: 'pg';
      databaseUrl: string;
      poolSize: number;
      /** Our first-page query as captured: its first column is a deal's JSON, its last parameter the limit (page size + 1). */
      page: { text: string; values: unknown[] };
    };

export type BareConfig = BareSettings & { port: number };

const JSON_TYPE = 'application/json; charset=utf-8';

function bytesHandler(config: Extract<BareConfig, { mode: 'bytes' }>) {
  const body = readFileSync(config.bodyFile);
  const headers = { ...config.headers, 'content-type': config.contentType, 'content-length': String(body.length) };
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, headers);
    res.end(body);
  };
}

function pgHandler(config: Extract<BareConfig, { mode: 'pg' }>) {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize });
  pool.on('error', (err) => console.error('idle connection error', err));
  const limit = Number(config.page.values[config.page.values.length - 1]) - 1;
  return (_req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const page = await pool.query({ name: 'deal_page', text: config.page.text, values: config.page.values, rowMode: 'array' });
      const rows = page.rows.slice(0, limit) as [string, ...unknown[]][];
      const body = `[${rows.map((row) => row[0]).join(',')}]`;
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
    })().catch((err: unknown) => {
      console.error(err);
      res.writeHead(500, { 'content-type': JSON_TYPE });
      res.end('{"message":"error"}');
    });
  };
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bare-server.ts <config.json>');
  const config = JSON.parse(readFileSync(file, 'utf8')) as BareConfig;
  const handler = config.mode === 'bytes' ? bytesHandler(config) : pgHandler(config);
  const server = createServer((req, res) => {
    // The harness waits on /api/health before it starts the load.
    if (req.url === '/api/health') {
      res.writeHead(200, { 'content-type': JSON_TYPE });
      res.end('{"status":"ok"}');
      return;
    }
    handler(req, res);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(config.port, '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
