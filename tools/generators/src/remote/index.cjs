// Nx loads generator factories with require(): compile the TypeScript source with our swc hook.
require('../../../swc/register.cjs');
const { remoteGenerator } = require('./remote.generator.ts');
module.exports = remoteGenerator;
module.exports.default = remoteGenerator;
