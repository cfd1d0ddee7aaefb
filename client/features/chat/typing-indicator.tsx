/**
 * 'Fulano está digitando...'. The status region is always in place (and keeps its height) so screen
 * readers announce the text when it appears and the messages above do not jump.
 */
export function TypingIndicator({ name, active }: { name: string; active: boolean }) {
  const firstName = name.trim().split(/\s+/)[0] || name
  return (
    <div
      role="status"
      aria-live="polite"
      className="h-6 truncate px-4 text-muted-foreground text-xs italic leading-6"
    >
      {active ? `${firstName} está digitando...` : ''}
    </div>
  )
}
