import jsQR from 'jsqr'
import sharp, { type Sharp } from 'sharp'

/** A drawn QR code (SVG, as the server sends it) as a grey image on white, `size` pixels a side. */
export async function rasterizeQr(svg: string, size = 480): Promise<Sharp> {
  return sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
}

/** What a drawn QR code holds, read by jsQR, the decoder the app's scanner loads where the browser has none. */
export async function decodeQrSvg(svg: string): Promise<string> {
  const { data, info } = await (await rasterizeQr(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  )
  if (!found) throw new Error('nenhum QR code na imagem')
  return found.data
}
