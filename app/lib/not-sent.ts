import { type ShouldRevalidateFunction } from "react-router";

/*
 * A form posted with JavaScript whose post never reaches the server (the connection dropped): the
 * page answers it itself, keeping what was typed, and reads nothing again until the next post.
 */

/** The page's own answer to a post that never reached the server. */
export type NotSent<Answer> = Answer & { notSent: true };

/**
 * A page's clientAction: the server's answer, or when the connection drops on the way (fetch's own
 * failure; the server's answers and redirects pass on) the page's answer made by `keep` from
 * what was typed.
 */
export async function answerOrKeep<Reply, Kept>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<Reply> },
  keep: (typed: Record<string, string>) => Kept,
): Promise<Reply | NotSent<Kept>> {
  const formData = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const typed = [...formData].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    return { ...keep(Object.fromEntries(typed)), notSent: true };
  }
}

/**
 * The pages' shouldRevalidate after a form that never reached the server: nothing is read again.
 * The connection is down, and a read that fails would put the error screen in place of the form
 * that keeps what was typed.
 */
export const keepPageWhenNotSent: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  typeof actionResult === "object" && actionResult !== null && "notSent" in actionResult
    ? false
    : defaultShouldRevalidate;
