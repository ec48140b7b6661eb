// Live editing against hosted Realtime's per-project limits (Free plan: 100 messages a second,
// every message counted when sent and again for each client it reaches). People typing at 8 keys
// a second each in one note, through the real sync engine over in-memory ports (the counts are
// the engine's, not the machine's: they are the same on every run), with the pacing of
// app/src/lib/collab/pacing.ts and, as the baseline, without it (the fixed 50 ms window of
// before). Next to each: the share of the Free plan's limit, and the row writes of notes.title /
// notes.body (each heard by everyone in the note).
import { typingLoad } from '../app/src/lib/collab/testing/typing-load.ts';
import type { BenchSection } from './lib.ts';

const FREE_PLAN = 100;
const SECONDS = 20;

export default async function collabPacingBench(): Promise<BenchSection[]> {
  const rows: string[] = [
    '| people typing | messages/s paced | share of Free (100/s) | unpaced (before) | unpaced share | row writes/s paced | every key everywhere |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const typists of [1, 2, 5, 10]) {
    const paced = await typingLoad(typists, { seconds: SECONDS });
    const unpaced = await typingLoad(typists, { seconds: SECONDS, pacing: 'off' });
    rows.push(
      `| ${typists} | ${paced.messages.toFixed(1)} | ${((paced.messages / FREE_PLAN) * 100).toFixed(0)} % | ${unpaced.messages.toFixed(1)} | ${((unpaced.messages / FREE_PLAN) * 100).toFixed(0)} % | ${paced.textWrites.toFixed(1)} | ${paced.complete && unpaced.complete ? 'yes' : 'NO'} |`,
    );
  }
  return [
    {
      title: 'Collaboration: messages a second against hosted Realtime’s Free plan',
      body: [
        `Each person types 8 keys a second for ${SECONDS} s of simulated time in one note, receiving`,
        'as they go (`app/src/lib/collab/testing/typing-load.ts`). A message costs 1 when sent and',
        '1 for each other client in the note, as supabase/realtime counts deliveries. Paced: each',
        'client waits 1000 × senders × people / 40 ms between messages (at least 50 ms), so a',
        'note of ten typists costs about half of the Free plan instead of eight times it.',
        '',
        ...rows,
      ].join('\n'),
    },
  ];
}
