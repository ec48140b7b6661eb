// One driver's part of the hop bench (bench/hop.bench.ts), in a process of its own: the stack on
// that driver and its bare servers, measured with this process on a CPU to itself (isolateCpu),
// the rows printed as one line of JSON for the hop bench to read.
//
//   node --import tsx bench/hop-driver.ts <PGlite|Postgres> <database URL>
import { measureDriver, ROWS_LINE } from './hop.bench.ts';
import { isolateCpu } from './load.ts';

const [driver, databaseUrl] = process.argv.slice(2);
if ((driver !== 'PGlite' && driver !== 'Postgres') || !databaseUrl)
  throw new Error('usage: node --import tsx bench/hop-driver.ts <PGlite|Postgres> <database URL>');
const measured = await measureDriver(driver, databaseUrl, isolateCpu());
console.log(ROWS_LINE + JSON.stringify(measured));
process.exit(0);
