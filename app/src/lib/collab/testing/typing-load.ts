// A note full of people typing, over the in-memory ports: `typists` clients each type a key every
// 125 ms (8 a second) for `seconds`, everyone receiving as they go. What it costs hosted
// Realtime (messages a second, counted when sent and for every client they reach) and the notes
// row (title/body writes a second, each heard by everyone in the note), and whether every key
// arrived everywhere. For the pacing test and the benchmark.
import { World } from './harness.ts';
import { MemoryServer } from './memory-server.ts';

export interface TypingLoad {
  /** Realtime messages a second: sent plus delivered. */
  messages: number;
  /** Row changes a second times the clients who hear of each. */
  textWrites: number;
  /** Every client ended with the same text, holding every key typed. */
  complete: boolean;
}

export async function typingLoad(
  typists: number,
  { seconds = 20, pacing = 'adaptive' as 'adaptive' | 'off' } = {},
): Promise<TypingLoad> {
  const world = new World(new MemoryServer(), pacing);
  try {
    const clients = [];
    for (let i = 0; i < typists; i += 1) clients.push(await world.client(`user-${i}`));
    await world.quiesce();
    const { hub, server } = world;
    const start = { sent: hub.sent, delivered: hub.delivered, writes: server.textWrites };
    for (let tick = 0; tick < seconds * 8; tick += 1) {
      for (const [i, client] of clients.entries())
        client.sync.text.insert(client.text.length, String.fromCharCode(97 + (i % 26)));
      for (const client of clients) client.channel.deliver();
      await world.step(125);
    }
    const messages = (hub.sent - start.sent + hub.delivered - start.delivered) / seconds;
    const textWrites = ((server.textWrites - start.writes) * typists) / seconds;
    await world.quiesce();
    const texts = new Set(clients.map((c) => c.text));
    const complete = texts.size === 1 && clients[0]!.text.length === typists * seconds * 8;
    return { messages, textWrites, complete };
  } finally {
    await world.close();
  }
}
