// When a notebook in the trash goes for good: 30 days after it was moved there (the policies'
// and public.purge_trash()'s interval).
export const NOTEBOOK_TRASH_DAYS = 30;
const DAY = 86_400_000;

export function purgeDate(deletedAt: string): Date {
  return new Date(new Date(deletedAt).getTime() + NOTEBOOK_TRASH_DAYS * DAY);
}

export function daysLeft(deletedAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((purgeDate(deletedAt).getTime() - now) / DAY));
}
