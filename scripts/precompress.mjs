// Writes a .br and a .gz beside every compressible built asset, at the strongest settings, so the
// server sends them as they are instead of compressing each response again.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/

/** Writes `encoded` beside `path` only where it is smaller: a tiny chunk can come out larger. */
function writeIfSmaller(path, original, encoded) {
  if (encoded.length < original.length) writeFileSync(path, encoded)
}

function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (COMPRESSIBLE.test(name)) {
      // Small files too: a first visit downloads a score of chunks under a kilobyte, most of them
      // a half to a third of their size once compressed.
      const data = readFileSync(path)
      writeIfSmaller(
        `${path}.br`,
        data,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeIfSmaller(`${path}.gz`, data, gzipSync(data, { level: 9 }))
    }
  }
}

walk(process.argv[2] ?? 'dist/client/assets')
