/** Text made safe inside HTML, in an element or a quoted attribute: & < > " ' as numeric references. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
