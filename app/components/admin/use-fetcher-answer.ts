import { useEffect, useEffectEvent, useRef } from "react";

/** Runs `onAnswer` once for each answer a fetcher gets back, when it is idle again. */
export function useFetcherAnswer<Answer extends object>(
  fetcher: { state: string; data: Answer | undefined },
  onAnswer: (answer: Answer) => void,
) {
  const handled = useRef(new WeakSet<object>());
  const answer = useEffectEvent(onAnswer);
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data || handled.current.has(data)) return;
    handled.current.add(data);
    answer(data);
  }, [state, data]);
}
