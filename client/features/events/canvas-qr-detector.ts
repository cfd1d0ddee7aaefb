import jsQR from 'jsqr'

/** Frames are read at most this wide or tall: enough for a QR code held up close, quick on a phone. */
const MAX_SIDE = 640

/**
 * A QR code reader for browsers without BarcodeDetector (Safari, Firefox): each camera frame is drawn on
 * a canvas and decoded by jsQR. Loaded only when such a browser opens the camera.
 */
export function createCanvasQrDetector() {
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return {
    async detect(video: HTMLVideoElement): Promise<{ rawValue: string }[]> {
      const { videoWidth, videoHeight } = video
      if (!context || !videoWidth || !videoHeight) return []
      const scale = Math.min(1, MAX_SIDE / Math.max(videoWidth, videoHeight))
      const width = Math.round(videoWidth * scale)
      const height = Math.round(videoHeight * scale)
      canvas.width = width
      canvas.height = height
      context.drawImage(video, 0, 0, width, height)
      const frame = context.getImageData(0, 0, width, height)
      // A screen shows the code dark on light; trying the inverse too would double the work per frame.
      const found = jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })
      return found?.data ? [{ rawValue: found.data }] : []
    },
  }
}
