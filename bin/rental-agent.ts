#!/usr/bin/env node
// The operator's command line: `rental-agent --help`. Run by Node 24, which strips the types, or as
// its build (dist/bin/rental-agent.js, what `npm start` and the deployment run); under npm and npx
// the project's Node 24 is first on the PATH.
import { enableCompileCache } from 'node:module'

// Starting compiles (and, from the sources, strips the types of) a few hundred modules. Node's
// compile cache keeps that work on disk (under the system's temporary folder), so every start
// after the first is about a third faster and holds some 25 MB less memory. The modules are imported only once it is
// on, hence the dynamic import.
enableCompileCache()
const { runCli } = await import('../src/cli/program.ts')
process.exitCode = await runCli(process.argv)
