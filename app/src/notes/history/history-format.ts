// How a version is named in the history: when its session ran ("Today, 10:42–10:55",
// "Yesterday, 23:50 – Today, 00:10", "Mon 23 Nov, 09:00", "2 Mar 2025, 14:05–14:30") and who
// changed the note in it ("Ana and Ben", "Ana, Ben and 2 others").

export interface FormatOptions {
  /** BCP 47 locale for dates and times (the browser's by default). */
  locale?: string;
  /** Time zone (the browser's by default). */
  timeZone?: string;
  /** The moment "today" is measured from. */
  now?: Date;
}

interface Formatters {
  key: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  dayWithYear: Intl.DateTimeFormat;
}

const cache = new Map<string, Formatters>();

function formatters(locale: string | undefined, timeZone: string | undefined): Formatters {
  const id = `${locale ?? ''}|${timeZone ?? ''}`;
  let f = cache.get(id);
  if (!f) {
    f = {
      key: new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
      time: new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
      dayWithYear: new Intl.DateTimeFormat(locale, {
        timeZone,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    };
    cache.set(id, f);
  }
  return f;
}

/** The calendar day of a moment in the time zone, as a sortable key (2026-11-27). */
function dayKey(f: Formatters, date: Date): string {
  return f.key.format(date);
}

function dayName(f: Formatters, date: Date, now: Date): string {
  const key = dayKey(f, date);
  if (key === dayKey(f, now)) return 'Today';
  if (key === dayKey(f, new Date(now.getTime() - 86_400_000))) return 'Yesterday';
  const sameYear = key.slice(0, 4) === dayKey(f, now).slice(0, 4);
  return (sameYear ? f.day : f.dayWithYear).format(date);
}

/** When a session ran, to the minute: one time when it started and ended in the same minute. */
export function sessionWhen(startedAt: string, endedAt: string, options: FormatOptions = {}) {
  const f = formatters(options.locale, options.timeZone);
  const now = options.now ?? new Date();
  const start = new Date(startedAt);
  const end = new Date(Math.max(start.getTime(), new Date(endedAt).getTime()));
  const from = f.time.format(start);
  const to = f.time.format(end);
  const day = dayName(f, start, now);
  if (dayKey(f, start) !== dayKey(f, end))
    return `${day}, ${from} – ${dayName(f, end, now)}, ${to}`;
  if (from === to) return `${day}, ${from}`;
  return `${day}, ${from}–${to}`;
}

/** The people of a session by name; someone whose profile can no longer be read is named so. */
export function peopleNames(names: (string | null)[], shown = 3): string {
  if (names.length === 0) return 'Nobody named';
  // Names are as people wrote them; only the phrase for someone unknown is capitalised at the start.
  const known = names.map((n, i) => n?.trim() || (i === 0 ? 'A former member' : 'a former member'));
  if (known.length === 1) return known[0]!;
  if (known.length <= shown) return `${known.slice(0, -1).join(', ')} and ${known.at(-1)}`;
  return `${known.slice(0, shown - 1).join(', ')} and ${known.length - (shown - 1)} others`;
}
