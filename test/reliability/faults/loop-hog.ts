import { ServerResponse } from 'node:http'

/*
 * Preloaded into a service process by the overload checks (node --import), never by the service
 * itself: on SIGUSR2, for LOOP_HOG_MS (4 s by default), every answer the process serves (200)
 * costs ANSWER_COST_MS (10 ms by default) more of CPU, on the event loop, as answers to a flood of
 * expensive searches would. A flood then brings more work than the process can do in time: the
 * loop runs late sample after sample, and the overload guard has to refuse. Refusals (503) cost
 * nothing more, as refusing is cheap.
 */

let until = 0
const cost = Number(process.env.ANSWER_COST_MS || 10)

process.on('SIGUSR2', () => {
  until = Date.now() + Number(process.env.LOOP_HOG_MS || 4000)
})

const end = ServerResponse.prototype.end
ServerResponse.prototype.end = function endAfterWork(this: ServerResponse, ...args: unknown[]) {
  if (this.statusCode === 200 && Date.now() < until) {
    const done = performance.now() + cost
    while (performance.now() < done) {
      // Busy on purpose: the work of an expensive answer.
    }
  }
  return (end as (...all: unknown[]) => ServerResponse).apply(this, args)
} as typeof end
