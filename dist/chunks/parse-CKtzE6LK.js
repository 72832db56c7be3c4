"use strict";var e=require("./chunk-DMagPVTO.js");require("./chunk-BLXdc7dh.js"),require("./chunk-B4v3PxUK.js"),require("./text-Bk_DjtUu.js"),exports.normalizeLineBreaks=e.Ot,exports.parseFiles=e.zr;
