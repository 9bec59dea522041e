// Creates or drops a PostgreSQL database for a CI run: `node scripts/test-database.mjs create|drop <url>`.
// The server URL's database is used for the admin connection; the named database is the one in <url>.
import pg from 'pg';

const [action, url] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !url) {
  console.error('usage: node scripts/test-database.mjs create|drop postgres://user@host:port/database');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error(`refusing database name "${name}"`);
  process.exit(2);
}
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  if (action === 'create') await client.query(`CREATE DATABASE "${name}"`);
} finally {
  await client.end();
}
