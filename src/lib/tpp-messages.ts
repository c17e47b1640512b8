/** The tppMessages of an answer, read defensively: the body of a response can be anything. */
export interface TppMessageLike {
  category?: string;
  code?: string;
  path?: string;
  text?: string;
}

export function tppMessagesOf(body: string | undefined): TppMessageLike[] {
  if (!body) return [];
  try {
    const parsed = JSON.parse(body) as { tppMessages?: unknown } | null;
    const list = parsed?.tppMessages;
    return Array.isArray(list) ? list.filter((item): item is TppMessageLike => typeof item === "object" && item !== null) : [];
  } catch {
    return [];
  }
}

export const messageLine = (message: TppMessageLike) => [message.code, message.text].filter(Boolean).join(": ") || "(a message without code or text)";
