// Writes a .br and a .gz beside every compressible built asset, at the strongest settings, so the
// server sends them as they are instead of compressing each response again.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
      const data = readFileSync(path)
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
    }
  }
}

walk(process.argv[2] ?? 'dist/client/assets')
