/** Chat limits shared by the client and the server (plain constants: no validation library needed). */

/** Longest message, in characters: a chat message, not a document. */
export const CHAT_MESSAGE_MAX = 2000
/** How long the 'digitando...' indicator lasts after the last keystroke event. */
export const TYPING_INDICATOR_MS = 3000
export const CHAT_PAGE_SIZE = 30
