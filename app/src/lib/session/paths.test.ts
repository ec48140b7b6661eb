import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetReturnTo,
  notebookOf,
  peekReturnTo,
  rememberReturnTo,
  returnToFor,
} from './paths.ts';

const NOTEBOOK = '0b6c3a52-3f1e-4c55-9d55-7f4e1c2b9a10';

describe('the page to return to', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    globalThis.sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });
  afterEach(() => forgetReturnTo());

  it('is for the person whose page it was, and forgotten for anyone else', () => {
    rememberReturnTo(`/n/${NOTEBOOK}`, 'ana');
    expect(returnToFor('ana')).toBe(`/n/${NOTEBOOK}`);
    expect(returnToFor('dan')).toBeNull();
    expect(peekReturnTo()).toBeNull();
  });

  it('is anyone’s when a visitor who was not signed in wanted it (a link they followed)', () => {
    rememberReturnTo('/settings/data');
    expect(returnToFor('dan')).toBe('/settings/data');
  });

  it('keeps its owner when the same page is remembered again without one', () => {
    rememberReturnTo('/settings/security', 'ana');
    rememberReturnTo('/settings/security');
    expect(returnToFor('dan')).toBeNull();
  });

  it('never remembers a guest page, nor honours another origin', () => {
    rememberReturnTo('/sign-in');
    expect(peekReturnTo()).toBeNull();
    rememberReturnTo('//evil.example/');
    expect(peekReturnTo()).toBeNull();
  });

  it('names the notebook a path opens', () => {
    expect(notebookOf(`/n/${NOTEBOOK}`)).toBe(NOTEBOOK);
    expect(notebookOf(`/n/${NOTEBOOK}/${NOTEBOOK}?tag=x`)).toBe(NOTEBOOK);
    expect(notebookOf('/settings/data')).toBeNull();
  });
});
