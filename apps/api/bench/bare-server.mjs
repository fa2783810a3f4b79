// The benchmark's reference: a bare Fastify route that runs the unread count with the raw driver and
// a prepared statement, in a process of its own, the way the server runs. Nothing else: no token, no
// session, no envelope. Started by bench/run.ts with DATABASE_URL, PORT and BENCH_USER_ID.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const userId = process.env.BENCH_USER_ID;
const countUnread = {
  name: 'bench-unread-count',
  text: 'select count(*)::int as count from notifications where user_id = $1 and is_read = false',
};

const app = Fastify({ logger: false });
app.get('/unread-count', async () => {
  const result = await pool.query({ ...countUnread, values: [userId] });
  return { count: result.rows[0].count };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
