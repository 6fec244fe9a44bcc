// The start-up and memory ceiling: bare Fastify with Socket.IO and one health route.
// Plain JavaScript, so nothing is compiled when it starts.
import Fastify from 'fastify';
import { Server } from 'socket.io';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
new Server(app.server, { path: '/socket.io', serveClient: false });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
