/* Search in a copy of the site opened as files (file://, as `make docs` says: open
   site/index.html). There the browser refuses MkDocs' search worker and the index the
   worker reads, so on file:// this script stands in for the worker inside the page: it
   loads search/lunr.js and search/search_index.js (the index as a script, written by the
   build hook fabgen/site.py) with script tags, which file:// allows, and answers
   search/main.js's messages as search/worker.js does. A served site uses the real worker.
   It runs before search/main.js; base_url is set by the theme before both. */
(function () {
  "use strict";
  if (window.location.protocol !== "file:") {
    return;
  }

  function load(name, done) {
    var script = document.createElement("script");
    script.src = base_url + "/search/" + name;
    script.onload = done;
    script.onerror = function () {
      console.error("search: could not load search/" + name);
    };
    document.body.appendChild(script);
  }

  function PageSearch() {
    this.onmessage = null;
    this.index = null;
    this.documents = {};
  }

  PageSearch.prototype.answer = function (data) {
    var self = this;
    setTimeout(function () {
      if (self.onmessage) {
        self.onmessage({ data: data });
      }
    }, 0);
  };

  PageSearch.prototype.start = function () {
    var self = this;
    var data = window.fabgenSearchIndex;
    if (data.config && data.config.separator && data.config.separator.length) {
      lunr.tokenizer.separator = new RegExp(data.config.separator);
    }
    data.docs.forEach(function (doc) {
      self.documents[doc.location] = doc;
    });
    if (data.index) {
      self.index = lunr.Index.load(data.index);
    } else {
      self.index = lunr(function () {
        this.field("title");
        this.field("text");
        this.ref("location");
        for (var i = 0; i < data.docs.length; i++) {
          this.add(data.docs[i]);
        }
      });
    }
    self.answer({ config: data.config });
    self.answer({ allowSearch: true });
  };

  PageSearch.prototype.search = function (query) {
    var found = [];
    var results = this.index.search(query);
    for (var i = 0; i < results.length; i++) {
      var doc = this.documents[results[i].ref];
      doc.summary = doc.text.substring(0, 200);
      found.push(doc);
    }
    return found;
  };

  PageSearch.prototype.postMessage = function (message) {
    var self = this;
    if (message.init) {
      // Only the search page shows results: other pages need not load the index.
      if (document.getElementById("mkdocs-search-results")) {
        load("lunr.js", function () {
          load("search_index.js", function () {
            self.start();
          });
        });
      }
    } else if (message.query) {
      self.answer({ results: self.search(message.query) });
    }
  };

  window.Worker = PageSearch;
})();
