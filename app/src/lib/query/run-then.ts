// Runs a mutation and then does what comes after it (navigate, close a form) — even when the
// component that asked has unmounted meanwhile. TanStack Query's mutate() callbacks belong to
// the caller and never run once it is gone, which happens whenever the thing changed vanishes
// live (through Realtime) before the answer arrives: a note moved to the trash, a notebook
// deleted, a membership ended. A failure is not thrown here: the mutation's own `error` shows it.
export interface AsyncMutation<V, R> {
  mutateAsync(variables: V): Promise<R>;
}

/** The mutation's result once it has succeeded and `then` has run, or null when it failed. */
export async function runThen<V, R>(
  mutation: AsyncMutation<V, R>,
  variables: V,
  then?: (result: R) => unknown,
): Promise<R | null> {
  let result: R;
  try {
    result = await mutation.mutateAsync(variables);
  } catch {
    return null;
  }
  await then?.(result);
  return result;
}
