/** The bar over an image being sent, with its percentage; `label` names the bar for screen readers. */
export function UploadProgress({ progress, label }: { progress: number; label: string }) {
  // All bytes sent but no answer yet: the server is resizing the image.
  const processing = progress >= 100
  return (
    <div className="absolute inset-x-2 bottom-2 grid gap-1 rounded-md bg-background/90 p-2 shadow">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={processing ? 'Processando' : `${progress}%`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <span className="text-center text-xs">{processing ? 'Processando...' : `${progress}%`}</span>
    </div>
  )
}
