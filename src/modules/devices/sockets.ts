/**
 * Socket options of the MQTT clients Trellis runs (the bridge, the simulator): small packets
 * leave at once, and the bridge's acknowledgements of one read leave together.
 */
import { Socket } from 'node:net'
import type { MqttClient } from 'mqtt'

/** TCP_NODELAY on the client's socket (mqtt.js leaves Nagle's algorithm on). */
export function noDelay(client: MqttClient): void {
  const stream: unknown = client.stream
  if (stream instanceof Socket) stream.setNoDelay(true)
}

/**
 * The acknowledgements of one read from the broker leave in one write: the socket is corked
 * when data arrives and uncorked once the packets it held are handled (mqtt.js handles one
 * per tick, so after the ticks: setImmediate). With TCP_NODELAY on, each PUBACK would
 * otherwise be a system call and a TCP segment of its own.
 */
export function coalesceAcks(client: MqttClient): void {
  const stream: unknown = client.stream
  if (!(stream instanceof Socket)) return
  let corked = false
  stream.prependListener('data', () => {
    if (corked) return
    corked = true
    stream.cork()
    setImmediate(() => {
      corked = false
      stream.uncork()
    })
  })
}
