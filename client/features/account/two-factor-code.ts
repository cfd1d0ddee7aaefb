/** Codes are typed (or pasted) with spaces: '123 456', 'k3m9 x2qa 7hvd'. The server wants none. */
export const normalizeTwoFactorCode = (code: string): string => code.replace(/\s+/g, '')
