// Nx loads generator factories with require(): compile the TypeScript source with our swc hook.
require('../../../swc/register.cjs');
const { serviceGenerator } = require('./service.generator.ts');
module.exports = serviceGenerator;
module.exports.default = serviceGenerator;
