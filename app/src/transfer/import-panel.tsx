// Import: choose Markdown files, a folder or a ZIP; see what will happen; import it with
// progress; see what came in. Everything runs in the browser as the signed-in person.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import type { MyNotebook } from './data/my-notebooks-query.ts';
import { ImportDone, ImportRunning } from './import-outcome.tsx';
import { ImportPicker } from './import-picker.tsx';
import { ImportPreview } from './import-preview.tsx';
import { planImport, type ImportPlan } from './import/plan-import.ts';
import {
  runImport,
  type ImportProgress,
  type ImportResult,
  type ImportTarget,
} from './import/run-import.ts';
import type { SourceFile } from './import/source-files.ts';

type Stage =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading' }
  | { kind: 'preview'; plan: ImportPlan }
  | { kind: 'running'; progress: ImportProgress }
  | { kind: 'done'; result: ImportResult };

export function ImportPanel({ notebooks }: { notebooks: MyNotebook[] }) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const stop = useRef<AbortController | null>(null);

  async function choose(files: Promise<SourceFile[]>) {
    setStage({ kind: 'reading' });
    try {
      setStage({ kind: 'preview', plan: await planImport(await files) });
    } catch (error) {
      const message =
        error instanceof Error && /zip|invalid|unexpected/i.test(error.message)
          ? 'This ZIP file could not be read. Check that it is a complete ZIP archive.'
          : describeError(error).message;
      setStage({ kind: 'choose', error: message });
    }
  }

  async function start(plan: ImportPlan, target: ImportTarget) {
    const controller = new AbortController();
    stop.current = controller;
    setStage({ kind: 'running', progress: { done: 0, total: 1, current: '' } });
    const result = await runImport(
      supabase,
      plan,
      target,
      (progress) => setStage({ kind: 'running', progress }),
      controller.signal,
    );
    stop.current = null;
    await queryClient.invalidateQueries();
    setStage({ kind: 'done', result });
  }

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 className="panel__title" id="import-heading">
        Import
      </h2>
      <p className="panel__lead">
        Markdown files, whole folders — a notebook for each folder — or a ZIP, such as a Sheaf
        export. Images and files the notes link to come along as their attachments.
      </p>
      {stage.kind === 'choose' || stage.kind === 'reading' ? (
        <>
          {stage.kind === 'choose' && stage.error ? (
            <Alert tone="error">{stage.error}</Alert>
          ) : null}
          {stage.kind === 'reading' ? <p role="status">Reading your files…</p> : null}
          <ImportPicker
            onChosen={(files) => void choose(files)}
            disabled={stage.kind === 'reading'}
          />
        </>
      ) : null}
      {stage.kind === 'preview' ? (
        <ImportPreview
          plan={stage.plan}
          notebooks={notebooks}
          onStart={(target) => void start(stage.plan, target)}
          onCancel={() => setStage({ kind: 'choose' })}
        />
      ) : null}
      {stage.kind === 'running' ? (
        <ImportRunning progress={stage.progress} onStop={() => stop.current?.abort()} />
      ) : null}
      {stage.kind === 'done' ? (
        <ImportDone result={stage.result} onAgain={() => setStage({ kind: 'choose' })} />
      ) : null}
    </section>
  );
}
