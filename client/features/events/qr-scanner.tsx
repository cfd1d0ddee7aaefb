import { CameraIcon, CameraOffIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike

function barcodeDetector(): BarcodeDetectorClass | null {
  if (typeof window === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null
}

/** Whether this browser reads QR codes through the camera (Chrome on Android does; others type the code). */
export const canScanQr = () => barcodeDetector() !== null

const SCAN_INTERVAL_MS = 250
/** The same QR code held in front of the camera is read once, not again on every frame. */
const SAME_CODE_PAUSE_MS = 4000

/**
 * The back camera, read for QR codes with the browser's BarcodeDetector; each new code goes to `onCode`
 * (and the reading waits while `busy`). The camera turns off when the scanner closes or the page goes.
 */
export function QrScanner({ onCode, busy }: { onCode: (text: string) => void; busy: boolean }) {
  const [active, setActive] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const video = useRef<HTMLVideoElement>(null)
  const latest = useRef({ onCode, busy })
  latest.current = { onCode, busy }

  useEffect(() => {
    if (!active) return
    const Detector = barcodeDetector()
    if (!Detector) return
    const detector = new Detector({ formats: ['qr_code'] })
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    let last = { text: '', at: 0 }

    const scan = async () => {
      if (stopped) return
      const element = video.current
      if (element && element.readyState >= 2 && !latest.current.busy) {
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

    navigator.mediaDevices
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
        void scan()
      })
      .catch(() => {
        setProblem('Não foi possível abrir a câmera. Permita o acesso nas configurações ou digite o código.')
        setActive(false)
      })

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
