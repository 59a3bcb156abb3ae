/**
 * The yardsticks of the API benchmark: the least a Node server can do to answer the deal list.
 *   node --import tsx bench/api/bare-server.ts <config.json>
 * mode "bytes": a bare node:http server answering every request with the captured body and
 * headers of our GET /api/deals (the same bytes on the wire, but for the date Node adds). mode "pg":
 * a bare node:http server that runs our list's query for the first page (the page with its
 * figures) as a named prepared statement through a pg pool, shapes its rows into the contract's
 * deals and answers with JSON.stringify of them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { presentRow, type Row } from './bare-deal';

/** What the harness chooses; it adds the port. */
export type BareSettings =
  | { mode: 'bytes'; contentType: string; headers: Record<string, string>; bodyFile: string }
  | {
      mode: 'pg';
      databaseUrl: string;
      poolSize: number;
      /**
       * Our first-page query as captured (listedPage in server/catalog/deal-list.ts), for page
       * size + 1 rows. Its columns, in order: the deal's shown columns (id to createdAt, as
       * SHOWN_COLUMNS lists them), the merchant's name, city and position, the category's slug, name
       * and icon, the cursor key, the distance (null here), units taken, bought, sold today.
       */
      page: { text: string; values: unknown[]; limit: number };
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
  return (_req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const page = await pool.query<Row>({ name: 'deal_page', text: config.page.text, values: config.page.values, rowMode: 'array' });
      const body = JSON.stringify(page.rows.slice(0, config.page.limit).map(presentRow));
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
  // Fastify's keep-alive time, as our server has it.
  server.keepAliveTimeout = 72_000;
  server.listen(config.port, '127.0.0.1');
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
