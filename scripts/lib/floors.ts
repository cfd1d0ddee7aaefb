/**
 * The floors the benchmarks measure beside the app in the same run, each in its own process: an
 * Express hello-world, the same with a given JSON answer, and a raw `ws` echo server. No tRPC, no
 * session, no database.
 */
import { spawn } from 'node:child_process'
import { freePort, waitForServer } from './built-server'

export type Floor = {
  url: string
  port: number
  pid: number
  /** The inspector's port, when started with one (to read its memory after a garbage collection). */
  inspectorPort?: number
  stop: () => Promise<void>
}

/** A static page with a heading and a paragraph: what a phone paints with no script at all. */
export const STATIC_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>piso</title></head>
<body><h1>Vupt</h1><p>Uma página estática, sem script, servida por um Express hello-world.</p></body></html>`

async function startNode(script: string, port: number, inspect: boolean): Promise<Omit<Floor, 'url'>> {
  const inspectorPort = inspect ? await freePort() : undefined
  const child = spawn(
    process.execPath,
    [...(inspectorPort ? [`--inspect=127.0.0.1:${inspectorPort}`] : []), '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  await Promise.race([
    new Promise((ready) => child.stdout?.once('data', ready)),
    exited.then(() => {
      throw new Error(`o piso terminou com código ${child.exitCode} antes de responder`)
    }),
  ])
  return {
    port,
    pid: child.pid as number,
    inspectorPort,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * An Express hello-world: `{"hello":"world"}` to any method and path (the body of a POST is left
 * unread), and STATIC_PAGE at `/pagina`.
 */
export function startHelloWorld(): Promise<Floor> {
  return startExpress(
    '',
    `app.get('/healthz', (_req, res) => res.json({ status: 'ok' }))
     app.get('/hello', (_req, res) => res.json({ hello: 'world' }))
     app.get('/pagina', (_req, res) => res.type('html').send(${JSON.stringify(STATIC_PAGE)}))
     app.use((_req, res) => res.json({ hello: 'world' }))`,
  )
}

/**
 * An Express server that answers any request with `answer` (JSON text) as the API would send it: the
 * value serialised again for each request, gzip-compressed at `gzipLevel` in one call when the client
 * takes gzip. What a hand-written endpoint pays for the same answer, with no tRPC, session or database.
 */
export function startAnswerFloor(answer: string, gzipLevel: number): Promise<Floor> {
  return startExpress(
    `import { gzipSync } from 'node:zlib'`,
    `const value = JSON.parse(${JSON.stringify(answer)})
     app.get('/healthz', (_req, res) => res.json({ status: 'ok' }))
     app.use((req, res) => {
       let body = Buffer.from(JSON.stringify(value))
       res.set('Content-Type', 'application/json')
       res.vary('Accept-Encoding')
       if (req.acceptsEncodings('gzip')) {
         body = gzipSync(body, { level: ${gzipLevel} })
         res.set('Content-Encoding', 'gzip')
       }
       res.end(body)
     })`,
  )
}

/**
 * A static page with no script at `/` that weighs `gzipBytes` as sent (gzip level 6, as `compression`
 * sends it): a heading, then paragraphs of words and prices drawn in a fixed pseudo-random order, so its
 * text compresses about as an app's HTML does. What a phone paints of a document that heavy.
 */
export function startStaticFloor(gzipBytes: number): Promise<Floor> {
  return startExpress(
    `import compression from 'compression'
     import { gzipSync } from 'node:zlib'`,
    `const words = 'anúncio livro cálculo evento campus estudante venda troca curso aula prova mesa luminária bicicleta camiseta caneca desenho foto química física biologia direito design música teatro feira palestra oficina semana calouro veterano biblioteca cantina bloco sala laboratório jaleco calculadora apostila caderno mochila cadeira sofá geladeira fogão notebook celular fone teclado mouse monitor'.split(' ')
     let seed = 1
     const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8
     const head = '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>piso</title></head><body><h1>Vupt</h1>'
     let body = ''
     const page = () => head + body + '</body></html>'
     while (gzipSync(page(), { level: 6 }).byteLength < ${gzipBytes}) {
       let paragraph = '<p>'
       for (let i = 0; i < 40; i++) paragraph += words[next() % words.length] + ' R$ ' + (next() % 1000) + ' '
       body += paragraph + '</p>'
     }
     const html = page()
     app.use(compression())
     app.get('/healthz', (_req, res) => res.json({ status: 'ok' }))
     app.get('/', (_req, res) => res.type('html').send(html))`,
  )
}

/** An Express app (`routes` adds to `app`, after `imports`) in a process of its own, started and answering. */
async function startExpress(imports: string, routes: string): Promise<Floor & { url: string }> {
  const port = await freePort()
  const floor = await startNode(
    `import express from 'express'
     ${imports}
     const app = express()
     ${routes}
     // As the app's own server: a benchmark that holds its event loop for seconds (a direct count over
     // a million listings) would otherwise find a connection the floor closed meanwhile.
     const server = app.listen(${port}, '127.0.0.1', () => process.stdout.write('ok'))
     server.keepAliveTimeout = 65_000
     server.headersTimeout = 66_000`,
    port,
    false,
  )
  const url = `http://127.0.0.1:${port}`
  await waitForServer(url)
  return { ...floor, url }
}

/** A raw `ws` server that sends every message back; `inspect` opens an inspector to read its memory. */
export async function startWsEcho({ inspect = false }: { inspect?: boolean } = {}): Promise<Floor> {
  const port = await freePort()
  const floor = await startNode(
    `import { WebSocketServer } from 'ws'
     const wss = new WebSocketServer({ port: ${port}, host: '127.0.0.1' })
     wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
     wss.on('listening', () => process.stdout.write('ok'))`,
    port,
    inspect,
  )
  return { ...floor, url: `ws://127.0.0.1:${port}` }
}
