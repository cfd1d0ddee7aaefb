import { connect, createServer, type Server, type Socket } from 'node:net'

export type RunningProxy = { url: string; close: () => Promise<void> }

/**
 * A TCP proxy standing in for Caddy in front of several instances: each connection goes to the first
 * upstream that accepts it, so an instance that is down (restarting) is skipped, as a load balancer's
 * health checks would. `upstreams` is read at every connection, so it may change.
 */
export async function startProxy(upstreams: () => number[]): Promise<RunningProxy> {
  const open = new Set<Socket>()
  const server: Server = createServer((client) => {
    open.add(client)
    client.on('close', () => open.delete(client))
    client.pause()
    const tryNext = (ports: number[]) => {
      const [port, ...rest] = ports
      if (port === undefined) {
        client.destroy()
        return
      }
      const upstream = connect(port, '127.0.0.1')
      let connected = false
      upstream.on('error', () => {
        upstream.destroy()
        if (connected) client.destroy()
        else tryNext(rest)
      })
      upstream.once('connect', () => {
        connected = true
        open.add(upstream)
        upstream.on('close', () => {
          open.delete(upstream)
          client.destroy()
        })
        client.on('close', () => upstream.destroy())
        client.on('error', () => upstream.destroy())
        client.pipe(upstream)
        upstream.pipe(client)
        client.resume()
      })
    }
    tryNext(upstreams())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
