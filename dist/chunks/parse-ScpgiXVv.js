"use strict";var e=require("./chunk-zUCXmhp2.js");require("./chunk-BBhuyvMe.js"),require("./text-nKu7flOL.js"),exports.normalizeLineBreaks=e.jt,exports.parseFiles=e.Wr;
