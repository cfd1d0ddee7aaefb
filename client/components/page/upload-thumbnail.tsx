import { instanceUrl } from '@/lib/instance-url'

/**
 * A photo uploaded to this instance beside the text that names it, so it has no alt text of its own;
 * fetched when it nears the screen and decoded off the main thread.
 */
export function UploadThumbnail({ src, className }: { src: string; className?: string }) {
  return <img src={instanceUrl(src)} alt="" loading="lazy" decoding="async" className={className} />
}
