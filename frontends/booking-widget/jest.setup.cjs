// jsdom's gaps, the same for every frontend
require('../jest.setup.shared.cjs');
