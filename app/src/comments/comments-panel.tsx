// The comments of the open note, beside its text: threads in the order of the text they are
// about (each highlighted in the editor; choosing one selects its text), those whose text was
// deleted under "Orphaned", and resolved ones at the end. Those who may comment (commenter and
// up; the database decides) select text and press "Comment" (or Ctrl/⌘+Alt+M) to open a
// thread, reply, edit or delete their own comments, and resolve or reopen threads; viewers
// read. Everything is live for everyone in the note (use-live-comments.ts). Anchors are Yjs
// relative positions in the note's shared text (anchors.ts), so they follow everyone's edits.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type * as Y from 'yjs';
import type { EditorBridge } from '../lib/editor/editor-bridge.ts';
import { describeError } from '../lib/errors/describe-error.ts';
import { useShortcuts } from '../lib/keyboard/shortcuts.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { anchorOf, rangeOf, type Anchor, type Range } from './anchors.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentThread } from './comment-thread.tsx';
import { CommentPeopleContext, type MentionPerson } from './mention-people.tsx';
import './comments.css';
import { useOpenThreadMutation } from './data/open-thread-mutation.ts';
import { useThreadsQuery } from './data/threads-query.ts';
import type { Thread } from './data/types.ts';
import { useLiveComments } from './use-live-comments.ts';

export interface CommentsPanelProps {
  noteId: string;
  canComment: boolean;
  /** The note's shared document and text, once open (anchors need them). */
  shared: { doc: Y.Doc; text: Y.Text } | null;
  bridge: EditorBridge;
  /** Whom "@" in a comment suggests: the notebook's people (the page's query). */
  people?: MentionPerson[];
  /** After a comment is posted: ask for the mention and reply emails that are due. */
  onPosted?(): void;
  /** False while the note's text is still being opened: the comments are asked for after it, so
   * a note with many comments shows its text as soon as one without (a local database answers
   * one request at a time). */
  textOpen?: boolean;
}

const QUOTE_MAX = 2000;
const NO_PEOPLE: MentionPerson[] = [];

/** Each thread's range in the text now, recomputed after every change of the text. */
function useRanges(shared: CommentsPanelProps['shared'], threads: Thread[] | undefined) {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!shared) return;
    let frame: ReturnType<typeof setTimeout> | null = null;
    const observer = () => {
      // After the editor has taken the change too (its binding observes the same text).
      frame ??= setTimeout(() => {
        frame = null;
        setVersion((v) => v + 1);
      }, 50);
    };
    shared.text.observe(observer);
    return () => {
      shared.text.unobserve(observer);
      if (frame) clearTimeout(frame);
    };
  }, [shared]);
  return useMemo(() => {
    void version;
    const ranges = new Map<string, Range | null>();
    if (!shared || !threads) return ranges;
    for (const t of threads) ranges.set(t.id, rangeOf(shared.doc, shared.text, t.anchor));
    return ranges;
  }, [shared, threads, version]);
}

function useSelection(bridge: EditorBridge) {
  const [selection, setSelection] = useState(() => bridge.selection());
  useEffect(() => bridge.subscribe(() => setSelection(bridge.selection())), [bridge]);
  return selection;
}

export function CommentsPanel({
  noteId,
  canComment,
  shared,
  bridge,
  people = NO_PEOPLE,
  onPosted,
  textOpen = true,
}: CommentsPanelProps) {
  const { user } = useSignedIn();
  const threads = useThreadsQuery(noteId, textOpen);
  useLiveComments(noteId);
  // The list is drawn in the background (interruptible): a note's text comes first, however many
  // comments it has.
  const data = useDeferredValue(threads.data);
  const ranges = useRanges(shared, data);
  const selection = useSelection(bridge);
  const [draft, setDraft] = useState<{ anchor: Anchor; quote: string } | null>(null);
  const [chosen, setActive] = useState<string | null>(null);
  const [params] = useSearchParams();
  const wanted = params.get('thread');
  const active = chosen ?? wanted;
  const open = useOpenThreadMutation(noteId);
  const context = useMemo(() => ({ people, onPosted }), [people, onPosted]);

  const groups = useMemo(() => {
    const all = data ?? [];
    const placed: { thread: Thread; range: Range }[] = [];
    const orphaned: Thread[] = [];
    const resolved: Thread[] = [];
    for (const t of all) {
      if (t.resolved_at) resolved.push(t);
      else {
        const range = ranges.get(t.id);
        if (range) placed.push({ thread: t, range });
        else if (shared) orphaned.push(t);
        else placed.push({ thread: t, range: { from: 0, to: 0 } });
      }
    }
    placed.sort((a, b) => a.range.from - b.range.from || a.range.to - b.range.to);
    return { placed, orphaned, resolved };
  }, [data, ranges, shared]);

  useEffect(() => {
    bridge.setHighlights(
      groups.placed
        .filter((p) => p.range.to > p.range.from)
        .map((p) => ({ id: p.thread.id, ...p.range, active: p.thread.id === active })),
    );
  }, [bridge, groups, active]);
  useEffect(() => () => bridge.setHighlights([]), [bridge]);

  const canStart = canComment && !!shared && !!selection;
  function start() {
    if (!shared || !selection) return;
    const quote = shared.text.toString().slice(selection.from, selection.to).slice(0, QUOTE_MAX);
    if (!quote.trim()) return;
    // Anchored now: the text may change while the comment is written.
    setDraft({ anchor: anchorOf(shared.text, selection), quote });
  }
  useShortcuts([{ keys: 'mod+alt+m', inFields: true, enabled: canComment, run: start }]);

  function submit(body: string) {
    if (!draft) return;
    open.mutate(
      { ...draft, body },
      {
        onSuccess: () => {
          setDraft(null);
          onPosted?.();
        },
      },
    );
  }

  // A link to a thread (a notification's `?thread=`): that thread is the active one until the
  // person chooses another; once the note's text is open its text is selected and the thread
  // scrolled into view — once per link.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || shownFor.current === wanted || !shared || !data) return;
    if (!data.some((t) => t.id === wanted)) return;
    shownFor.current = wanted;
    const range = ranges.get(wanted);
    if (range && range.to > range.from) bridge.select(range.from, range.to);
    document
      .querySelector(`[data-thread="${CSS.escape(wanted)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [wanted, shared, data, ranges, bridge]);

  const show = useCallback(
    (thread: Thread, range: Range) => {
      setActive(thread.id);
      bridge.select(range.from, range.to);
    },
    [bridge],
  );
  const item = (thread: Thread, range: Range | null) => (
    <CommentThread
      key={thread.id}
      thread={thread}
      range={range && range.to > range.from ? range : null}
      active={thread.id === active}
      userId={user.id}
      canComment={canComment}
      onShow={show}
    />
  );

  return (
    <CommentPeopleContext.Provider value={context}>
      <aside className="comments-panel" aria-labelledby="comments-heading">
        <div className="comments-panel__head">
          <h2 id="comments-heading" className="comments-panel__title">
            Comments
          </h2>
          {canComment ? (
            <Button
              variant="secondary"
              disabled={!canStart}
              onClick={start}
              aria-keyshortcuts="Control+Alt+M Meta+Alt+M"
              title={canStart ? undefined : 'Select text in the note to comment on it'}
            >
              Comment
            </Button>
          ) : null}
        </div>
        {canComment && !draft ? (
          <p className="field__hint">Select text in the note, then Comment (Ctrl/⌘+Alt+M).</p>
        ) : null}
        {draft ? (
          <div className="comment-thread comment-thread--draft">
            <p className="comment-thread__quote">
              “{draft.quote.length > 140 ? `${draft.quote.slice(0, 140)}…` : draft.quote}”
            </p>
            <CommentForm
              label="Your comment"
              submitLabel="Comment"
              autoFocus
              pending={open.isPending}
              error={open.error ? describeError(open.error).message : null}
              onSubmit={submit}
              onCancel={() => setDraft(null)}
            />
          </div>
        ) : null}
        {threads.isPending || (threads.data && !data) ? (
          <p role="status">Loading comments…</p>
        ) : threads.error && !data ? (
          <Alert tone="error">{describeError(threads.error).message}</Alert>
        ) : !data || data.length === 0 ? (
          <p className="comments-panel__empty">No comments yet.</p>
        ) : (
          <>
            {groups.placed.length > 0 ? (
              <ul className="comments-panel__list" aria-label="Open comments">
                {groups.placed.map((p) => item(p.thread, p.range))}
              </ul>
            ) : null}
            {groups.orphaned.length > 0 ? (
              <section aria-labelledby="comments-orphaned">
                <h3 id="comments-orphaned" className="comments-panel__group">
                  Orphaned
                </h3>
                <p className="field__hint">The text these comments were about was deleted.</p>
                <ul className="comments-panel__list" aria-label="Orphaned comments">
                  {groups.orphaned.map((t) => item(t, null))}
                </ul>
              </section>
            ) : null}
            {groups.resolved.length > 0 ? (
              <section aria-labelledby="comments-resolved">
                <h3 id="comments-resolved" className="comments-panel__group">
                  Resolved
                </h3>
                <ul className="comments-panel__list" aria-label="Resolved comments">
                  {groups.resolved.map((t) => item(t, ranges.get(t.id) ?? null))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </aside>
    </CommentPeopleContext.Provider>
  );
}
