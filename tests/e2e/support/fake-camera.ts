import { writeFileSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../../scripts/lib/chromium'
import { rasterizeQr } from '../../support/qr'

/**
 * Writes a drawn QR code (SVG) as a one-frame Y4M video, the raw format Chromium's fake camera plays in a
 * loop: a header line, then `FRAME` and the picture in 4:2:0 planes (luma, then both chroma planes at
 * half size; grey, so the chroma is the neutral 128).
 */
export async function writeQrVideo(svg: string, file: string): Promise<void> {
  const { data, info } = await (await rasterizeQr(svg))
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (info.channels !== 1 || info.width % 2 || info.height % 2) throw new Error('imagem inesperada')
  const chroma = Buffer.alloc((info.width / 2) * (info.height / 2) * 2, 128)
  const header = `YUV4MPEG2 W${info.width} H${info.height} F30:1 Ip A1:1 C420jpeg\n`
  writeFileSync(file, Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), data, chroma]))
}

/** Headless Chromium whose camera shows `video` (a .y4m file), granted without a prompt. */
export function launchWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  })
}
