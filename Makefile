# phrasematch: build, install, uninstall.
#
#   make                               release build (.build/release/phrasematch)
#   make install PREFIX=/usr/local     phrasematch and its locale profiles into $(PREFIX)/bin,
#                                      the sample apps into $(PREFIX)/share/phrasematch/Corpora,
#                                      the sentence encoder's weights into …/share/phrasematch/Models
#   make uninstall PREFIX=/usr/local
#   make test                          swift test
#
# The locale profiles ship as the resource bundle SwiftPM builds next to the executable
# (PhraseEngine_PhraseEngineLocales.resources on Linux, .bundle on macOS); phrasematch looks
# for it next to itself, so the two are installed side by side. DESTDIR is honoured for
# staged installs.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/phrasematch
SWIFT   ?= swift
BUNDLE   = PhraseEngine_PhraseEngineLocales

.PHONY: all build install uninstall test

all: build

build:
	$(SWIFT) build -c release --product phrasematch

install: build
	@bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	set -e; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)"; \
	install -m 755 "$$bin/phrasematch" "$(DESTDIR)$(BINDIR)/phrasematch"; \
	found=no; \
	for ext in resources bundle; do \
	  if [ -d "$$bin/$(BUNDLE).$$ext" ]; then \
	    rm -rf "$(DESTDIR)$(BINDIR)/$(BUNDLE).$$ext"; \
	    cp -R "$$bin/$(BUNDLE).$$ext" "$(DESTDIR)$(BINDIR)/"; found=yes; \
	  fi; \
	done; \
	if [ "$$found" = no ]; then echo "make: no $(BUNDLE) resource bundle in $$bin" >&2; exit 1; fi; \
	rm -rf "$(DESTDIR)$(DATADIR)/Corpora"; \
	cp -R Corpora "$(DESTDIR)$(DATADIR)/Corpora"; \
	install -d "$(DESTDIR)$(DATADIR)/Models"; \
	install -m 644 Models/e5-small-q4.bin Models/LICENSE Models/README.md "$(DESTDIR)$(DATADIR)/Models/"; \
	echo "installed $(DESTDIR)$(BINDIR)/phrasematch (locale profiles beside it, sample apps in $(DESTDIR)$(DATADIR)/Corpora, the sentence encoder's weights in $(DESTDIR)$(DATADIR)/Models)"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/phrasematch"
	rm -rf "$(DESTDIR)$(BINDIR)/$(BUNDLE).resources" "$(DESTDIR)$(BINDIR)/$(BUNDLE).bundle"
	rm -rf "$(DESTDIR)$(DATADIR)"

test:
	$(SWIFT) test
