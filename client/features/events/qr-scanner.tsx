import { CameraIcon, CameraOffIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'

/** What the scanner asks of a reader: the browser's BarcodeDetector, or the jsQR one in its place. */
type QrDetector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
type BarcodeDetectorClass = (new (options: {
  formats: string[]
}) => QrDetector) & {
  getSupportedFormats?: () => Promise<string[]>
}

function nativeDetector(): BarcodeDetectorClass | null {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null
}

/**
 * Whether this browser can open the camera from a page (phones do, over https): it then reads QR codes,
 * with its own BarcodeDetector (Chrome on Android) or with jsQR (Safari, Firefox).
 */
export const canScanQr = () => typeof window !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia)

/** The browser's own reader where it reads QR codes; elsewhere jsQR, downloaded now and not with the page. */
async function openDetector(): Promise<QrDetector> {
  const Native = nativeDetector()
  if (Native) {
    const formats = await Native.getSupportedFormats?.().catch((): string[] => [])
    if (!formats || formats.includes('qr_code')) return new Native({ formats: ['qr_code'] })
  }
  const { createCanvasQrDetector } = await import('./canvas-qr-detector')
  return createCanvasQrDetector()
}

const SCAN_INTERVAL_MS = 250
/** The same QR code held in front of the camera is read once, not again on every frame. */
const SAME_CODE_PAUSE_MS = 4000

/**
 * The back camera, read for QR codes (see `openDetector`); each new code goes to `onCode` (and the reading
 * waits while `busy`). The camera turns off when the scanner closes or the page goes.
 */
export function QrScanner({ onCode, busy }: { onCode: (text: string) => void; busy: boolean }) {
  const [active, setActive] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const video = useRef<HTMLVideoElement>(null)
  const latest = useRef({ onCode, busy })
  latest.current = { onCode, busy }

  useEffect(() => {
    if (!active) return
    setReading(false)
    let detector: QrDetector | null = null
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    let last = { text: '', at: 0 }

    const scan = async () => {
      if (stopped) return
      const element = video.current
      if (detector && element && element.readyState >= 2 && !latest.current.busy) {
        const [found] = await detector.detect(element).catch(() => [])
        const text = found?.rawValue
        const now = Date.now()
        if (text && (text !== last.text || now - last.at > SAME_CODE_PAUSE_MS)) {
          last = { text, at: now }
          latest.current.onCode(text)
        }
      }
      timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS)
    }

    const stop = (message: string) => {
      if (stopped) return
      setProblem(message)
      setActive(false)
    }
    const camera = navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((opened) => {
        if (stopped) {
          for (const track of opened.getTracks()) track.stop()
          return
        }
        stream = opened
        if (video.current) {
          video.current.srcObject = opened
          void video.current.play()
        }
      })
      .catch(() => {
        stop('Não foi possível abrir a câmera. Permita o acesso nas configurações ou digite o código.')
        throw new Error('camera')
      })
    const reader = openDetector().catch(() => {
      stop('Não foi possível carregar o leitor de QR code. Verifique a conexão ou digite o código.')
      throw new Error('reader')
    })
    Promise.all([camera, reader])
      .then(([, opened]) => {
        if (stopped) return
        detector = opened
        setReading(true)
        void scan()
      })
      .catch(() => {})

    return () => {
      stopped = true
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [active])

  return (
    <div className="grid gap-3">
      {active ? (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Imagem da câmera, procurando um QR code"
            className="aspect-square w-full max-w-sm rounded-xl bg-black object-cover"
          />
          <p role="status" className="text-muted-foreground text-sm">
            {reading ? 'Aponte a câmera para o QR code.' : 'Abrindo a câmera...'}
          </p>
          <Button type="button" variant="outline" onClick={() => setActive(false)}>
            <CameraOffIcon aria-hidden="true" />
            Fechar câmera
          </Button>
        </>
      ) : (
        <Button
          type="button"
          size="lg"
          onClick={() => {
            setProblem(null)
            setActive(true)
          }}
        >
          <CameraIcon aria-hidden="true" />
          Ler QR code com a câmera
        </Button>
      )}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
